// The application menu as a pure template: File (Open Folder…, Quit), Edit, View (reload; devtools only in dev),
// Window, plus the app menu on macOS. Must not build the menu or open dialogs itself (app.ts does).
import type { MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  /** true when running unpackaged (electron-vite dev/preview): adds the developer tools items */
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
      submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
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
    submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
  });
  const view: MenuItemConstructorOptions[] = [{ role: 'reload' }];
  if (o.dev) view.push({ role: 'forceReload' }, { role: 'toggleDevTools' });
  view.push({ type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' });
  template.push({ label: 'View', submenu: view });
  template.push({
    label: 'Window',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  });
  return template;
}
