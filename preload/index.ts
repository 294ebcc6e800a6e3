// The preload script of the Floe window (sandboxed; electron-vite's preload build → out/preload/index.cjs): exposes
// `window.floe` through contextBridge — the contract's call, on<Event> listeners and platform — and nothing else.
// Must never expose ipcRenderer or Node APIs.
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './bridge.js';

contextBridge.exposeInMainWorld('floe', buildBridge(ipcRenderer, process.platform));
