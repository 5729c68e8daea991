/// <reference lib="webworker" />
// The service worker, built by vite-plugin-pwa (injectManifest) into dist/sw.js: one module per job.
import type { PrecacheEntry } from 'workbox-precaching';
import { serveAppShell } from './app-shell';
import { openTappedScreens } from './notification-click';
import { cacheMemberPhotos } from './photo-cache';
import { showPushes } from './push';
import { receiveSharedPhotos } from './share-target';
import { activateWhenAsked } from './update';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

serveAppShell(self.__WB_MANIFEST);
activateWhenAsked(self);
showPushes(self);
openTappedScreens(self);
cacheMemberPhotos(self);
receiveSharedPhotos();
