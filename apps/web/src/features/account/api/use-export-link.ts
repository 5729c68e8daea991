import type { ExportLink } from '@gardenswap/shared/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST /account/export-link, then hands the link to the browser: the ZIP downloads natively (it
 * can be large, and is streamed), with the browser's own progress, while this page stays.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: () => api<ExportLink>('/account/export-link', { method: 'POST' }),
    onSuccess: (link) => {
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = '';
      anchor.rel = 'noopener';
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
  });
}
