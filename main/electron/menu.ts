// The application menu as a pure template: File (Open Folder…, Quit), Edit (undo … select all), View (zoom, full
// screen; reload and developer tools only in development), Window, plus the app menu on macOS. Must not build the
// menu or open dialogs itself (app.ts does).
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  /** true when running unpackaged (electron-vite dev/preview): adds reload and the developer tools items */
  dev: boolean;
  platform: NodeJS.Platform | string;
  /** File → Open Folder… */
  openFolder: () => void;
}

export function menuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: 'Floe',
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push({
    label: 'File',
    submenu: [
      { id: 'open-folder', label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: () => o.openFolder() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit', label: 'Quit' },
    ],
  });
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  });
  // a reload in the packaged app would drop the page's state mid-run; developers get it with the devtools
  const view: MenuItemConstructorOptions[] = o.dev
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  view.push({ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' });
  view.push({ type: 'separator' }, { role: 'togglefullscreen' });
  template.push({ label: 'View', submenu: view });
  template.push({
    label: 'Window',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  });
  return template;
}
