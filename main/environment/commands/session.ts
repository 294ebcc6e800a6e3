// One command session: a bash running one command in a node-pty pseudo-terminal (its own session and process
// group), its bounded raw stream (for panes) and its model view (clean text for the model). The end marker the
// shell prints after the command is removed here, before the raw stream, the model view and any listener see the
// data; it ends the session at once (the slave-hold poll is only the fallback for a shell that never printed it).
// State only changes through pty events and the registry. Must not decide eviction or format tool results.
import type { PtyLike } from './pty-like.js';
import { EndMarkerScanner } from './end-marker.js';
import { FloodWatch, yieldCpu } from './flood-priority.js';
import { ModelView } from './model-view.js';
import { signalName } from './outcome.js';
import { RawBuffer } from './raw-buffer.js';
import { holdSlave, type SlaveHold } from './slave-hold.js';
import { pidRuns } from '../../os/procs.js';

export type { PtyLike } from './pty-like.js';

/** After the end marker, how long the pty's own exit report may take before the marker's status is used. */
const MARKER_TRUST_MS = 50;
/** After the end marker, how long the shell may take to be gone; still running then, the command forged it. */
const MARKER_CONFIRM_MS = 1000;
const MARKER_POLL_MS = 25;

export interface CommandSessionInfo {
  id: string;
  cmd: string;
  cwd: string;
  pid: number;
  status: 'running' | 'exited';
  exitCode?: number;
  /** e.g. `SIGINT` when the command was ended by a signal */
  signal?: string;
  /** ms since the epoch */
  startedAt: number;
  endedAt?: number;
  lastUsedAt: number;
  cols: number;
  rows: number;
}

export interface SessionHooks {
  onData(session: CommandSession, data: string): void;
  onExit(session: CommandSession): void;
}

export class CommandSession {
  readonly id: string;
  readonly cmd: string;
  readonly cwd: string;
  readonly startedAt: number;
  status: 'running' | 'exited' = 'running';
  exitCode?: number;
  signal?: string;
  endedAt?: number;
  lastUsedAt: number;
  cols: number;
  rows: number;
  /** resolves when the command has exited and its output is parsed */
  readonly exited: Promise<void>;
  /** resolves when the pty reported the shell's exit (after `exited` when the end marker came first) */
  readonly gone: Promise<void>;
  private readonly pty: PtyLike;
  /** resolves once `pid` is known (at once for a local pty) */
  readonly pidKnown: Promise<number>;
  private readonly raw: RawBuffer;
  private readonly view: ModelView;
  /** a flood lowers the command's CPU weight (flood-priority.ts) */
  private readonly flood = new FloodWatch();
  private readonly slave: SlaveHold;
  private holds = 0;
  /** paused by the host (UI flow control) */
  private paused = false;
  /** paused because the model view has a large unparsed backlog */
  private viewBehind = false;
  private ptyPaused = false;
  /** the command's process has exited: never pause again (its remaining output must drain) */
  private childGone = false;
  private readonly marker?: EndMarkerScanner;
  /** a signal was sent to the group: only the pty's own exit report can tell how the shell ended */
  private signalled = false;
  private finished = false;
  private markerTimer?: ReturnType<typeof setTimeout>;
  /** characters of output taken so far (after the marker is removed) */
  charsSeen = 0;
  /** end markers the command printed itself while its shell went on running (ignored) */
  forgedMarkers = 0;
  /** when the command itself began: the shell printed the start marker after loading the profile (ms since epoch) */
  commandStartedAt?: number;
  private readonly progress = new Set<() => void>();
  private readonly finish: (exitCode: number, signal?: number) => void;

  constructor(opts: {
    id: string;
    cmd: string;
    cwd: string;
    pty: PtyLike;
    cols: number;
    rows: number;
    scrollbackBytes: number;
    /** clean text the model view keeps between reads (text-cap.ts) */
    modelTextCap?: number;
    hooks: SessionHooks;
    /** nonce of the end marker the shell prints (none: the exit is known from the pty alone) */
    nonce?: string;
  }) {
    this.id = opts.id;
    this.cmd = opts.cmd;
    this.cwd = opts.cwd;
    this.pty = opts.pty;
    this.pidKnown = opts.pty.pidKnown ?? Promise.resolve(opts.pty.pid);
    this.cols = opts.cols;
    this.rows = opts.rows;
    this.startedAt = Date.now();
    this.lastUsedAt = this.startedAt;
    this.raw = new RawBuffer(opts.scrollbackBytes);
    // the model view parses on this thread: when a flood outruns it, pause the pty until it catches up
    this.view = new ModelView({
      cols: opts.cols,
      rows: opts.rows,
      textCap: opts.modelTextCap,
      onBacklog: (high) => {
        this.viewBehind = high;
        this.applyPause();
      },
    });
    let resolveExited!: () => void;
    this.exited = new Promise<void>((r) => (resolveExited = r));
    let resolveGone!: () => void;
    this.gone = new Promise<void>((r) => (resolveGone = r));
    if (opts.nonce) this.marker = new EndMarkerScanner(opts.nonce);
    this.finish = (exitCode, signal) => {
      if (this.finished) return;
      this.finished = true;
      void this.view.settle().then(() => {
        this.status = 'exited';
        this.endedAt = Date.now();
        if (signal) this.signal = signalName(signal);
        else this.exitCode = exitCode;
        resolveExited();
        opts.hooks.onExit(this);
        this.tellProgress();
      });
    };
    this.slave = holdSlave(this.pty, () => {
      // the command is gone: what it printed last must be read now, whatever the UI or the model view asked for
      const wasPaused = this.ptyPaused;
      this.childGone = true;
      this.applyPause();
      return wasPaused;
    });
    this.pty.onData((chunk) => {
      this.slave.sawData();
      let data = chunk;
      let code: number | undefined;
      let began: true | undefined;
      if (this.marker) ({ text: data, exitCode: code, started: began } = this.marker.push(chunk));
      if (began) this.commandStartedAt = Date.now();
      this.take(data, opts.hooks);
      if (began && !data) this.tellProgress();
      if (code !== undefined) this.markerSeen(code);
    });
    this.pty.onExit(({ exitCode, signal }) => {
      if (this.markerTimer) clearTimeout(this.markerTimer);
      this.slave.release();
      if (this.marker) this.take(this.marker.flush(), opts.hooks);
      this.finish(exitCode, signal);
      resolveGone();
    });
  }

  /** The host pid of the command's shell (its process group); 0 while a sandboxed start is on its way. */
  get pid(): number {
    return this.pty.pid;
  }

  private take(data: string, hooks: SessionHooks): void {
    if (!data) return;
    if (this.flood.push(data.length)) void this.pidKnown.then((pid) => pid && yieldCpu(pid));
    this.raw.push(data);
    this.view.write(data);
    this.charsSeen += data.length;
    hooks.onData(this, data);
    this.tellProgress();
  }

  private tellProgress(): void {
    if (this.progress.size) for (const cb of [...this.progress]) cb();
  }

  /** Calls `cb` after each piece of output and once on exit; returns the unsubscribe function. */
  onProgress(cb: () => void): () => void {
    this.progress.add(cb);
    return () => {
      this.progress.delete(cb);
    };
  }

  /**
   * The shell printed the end marker: all the command's output is in. Let go of the slave at once, so node-pty
   * sees the hang-up as soon as the shell is gone, and its exit report (which knows about signals; the marker
   * cannot) ends the session. Only when a background child keeps the terminal open (node-pty then waits for it
   * up to 200 ms) does the marker's status stand in after MARKER_TRUST_MS — never one that may be a signal's
   * doing (above 128, or after we signalled the group).
   */
  private markerSeen(code: number): void {
    this.childGone = true;
    this.applyPause();
    this.slave.release();
    if (code > 128 || this.signalled) return;
    // The command can print the marker itself (it can read the nonce): only a shell that is gone makes it true.
    const since = Date.now();
    const check = (): void => {
      if (this.finished) return;
      if (!pidRuns(this.pid)) return this.finish(code);
      if (Date.now() - since < MARKER_CONFIRM_MS) {
        this.markerTimer = setTimeout(check, MARKER_POLL_MS);
        this.markerTimer.unref?.();
        return;
      }
      // forged: the shell still runs the command. Look for the real marker, and let flow control work again.
      this.forgedMarkers++;
      this.childGone = false;
      this.applyPause();
      this.marker?.rearm();
    };
    this.markerTimer = setTimeout(check, MARKER_TRUST_MS);
    this.markerTimer.unref?.();
  }

  /** The registry is about to signal this command's group. */
  noteSignal(): void {
    this.signalled = true;
  }

  /** True while a tool call is waiting on this session (it is then never evicted). */
  get busy(): boolean {
    return this.holds > 0;
  }

  /** Marks the session as waited on until the returned function is called. */
  hold(): () => void {
    this.holds++;
    this.touch();
    let done = false;
    return () => {
      if (!done) {
        done = true;
        this.holds--;
        this.touch();
      }
    };
  }

  touch(): void {
    this.lastUsedAt = Date.now();
  }

  /** Clean text produced since the previous read. */
  async readClean(): Promise<string> {
    this.touch();
    return this.view.read();
  }

  /** Clean text of the lines completed since the previous read (a line still being written waits). */
  async readCompleteLines(): Promise<string> {
    this.touch();
    return this.view.readComplete();
  }

  /** The bounded raw stream. */
  scrollback(): string {
    return this.raw.toString();
  }

  write(data: string): boolean {
    if (this.status !== 'running') return false;
    // the line discipline turns these into SIGINT / SIGQUIT / SIGTSTP for the foreground group
    if (/[\x03\x1c\x1a]/.test(data)) this.signalled = true;
    try {
      this.pty.write(data);
      this.touch();
      return true;
    } catch {
      return false;
    }
  }

  resize(cols: number, rows: number): boolean {
    if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1) return false;
    this.cols = cols;
    this.rows = rows;
    this.view.resize(cols, rows);
    if (this.status !== 'running') return true;
    try {
      this.pty.resize(cols, rows);
      return true;
    } catch {
      return false;
    }
  }

  pause(): void {
    if (this.paused || this.status !== 'running') return;
    this.paused = true;
    this.applyPause();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.applyPause();
  }

  /** The pty reads only while neither the host nor the model view asks it to wait. */
  private applyPause(): void {
    const want = (this.paused || this.viewBehind) && this.status === 'running' && !this.childGone;
    if (want === this.ptyPaused) return;
    this.ptyPaused = want;
    if (want) this.pty.pause();
    else this.pty.resume();
  }

  info(): CommandSessionInfo {
    const i: CommandSessionInfo = {
      id: this.id,
      cmd: this.cmd,
      cwd: this.cwd,
      pid: this.pid,
      status: this.status,
      startedAt: this.startedAt,
      lastUsedAt: this.lastUsedAt,
      cols: this.cols,
      rows: this.rows,
    };
    if (this.exitCode !== undefined) i.exitCode = this.exitCode;
    if (this.signal !== undefined) i.signal = this.signal;
    if (this.endedAt !== undefined) i.endedAt = this.endedAt;
    return i;
  }

  /** Frees the model view (the process itself is the registry's business). */
  dispose(): void {
    this.slave.release();
    this.paused = false;
    this.viewBehind = false;
    this.applyPause();
    this.view.dispose();
  }
}
