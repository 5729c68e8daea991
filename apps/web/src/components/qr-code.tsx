import { useEffect, useState } from 'react';

/** A QR code drawn in the browser (no third-party service), 200×200 as the spec's. */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toString }) =>
      toString(value, { type: 'svg', margin: 1, width: size, color: { dark: '#1f2d1f', light: '#ffffff' } }).then(
        (markup) => live && setSvg(markup),
      ),
    );
    return () => {
      live = false;
    };
  }, [value, size]);
  return (
    <div
      className="qr-code"
      role="img"
      aria-label={label}
      data-value={value}
      style={{ width: size, height: size }}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
