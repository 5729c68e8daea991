import { useState } from 'react';
import { imageUrl } from '../lib/api-client';

/** A member's round picture, or their initial on a soft green circle (also when the picture fails to load). */
export function Avatar({ src, name, size = 40 }: { src?: string | null; name: string; size?: number }) {
  const url = imageUrl(src);
  const [failed, setFailed] = useState<string>();
  const style = { width: size, height: size, fontSize: size * 0.42 };
  if (url && failed !== url) {
    return (
      <img
        className="avatar"
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        loading="lazy"
        onError={() => setFailed(url)}
      />
    );
  }
  return (
    <span className="avatar avatar-initial" style={style} aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
