import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { closeSocket } from '../lib/socket';

// The suite runs several files at a time: on a busy two-core machine a page of cards can take over the
// library's default second to appear.
configure({ asyncUtilTimeout: 3_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // A signed-in page opens a real socket with no server behind it: closed here, its retry timer
  // cannot fire after the file's window is gone (it read localStorage, which is then undefined).
  closeSocket();
});

// jsdom has no matchMedia: answer as a phone-sized screen unless a test says otherwise.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!URL.createObjectURL) {
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
}
