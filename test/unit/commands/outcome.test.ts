import { describe, expect, it } from 'vitest';
import {
  clampWait,
  exitOutcome,
  joinNotes,
  runningNote,
  signalName,
  stillRunningNote,
  unknownIdNote,
} from '../../../main/environment/commands/outcome.js';

describe('clampWait', () => {
  it('uses the fallback when nothing usable was asked', () => {
    expect(clampWait(undefined, 60000, 120000)).toBe(60000);
    expect(clampWait('soon', 5000, 130000)).toBe(5000);
    expect(clampWait(Number.NaN, 250, 130000)).toBe(250);
  });
  it('raises to the 250 ms minimum', () => {
    expect(clampWait(10, 60000, 120000)).toBe(250);
    expect(clampWait(-5, 60000, 120000)).toBe(250);
  });
  it('caps at timeoutMs - 1000 when the tool has a timeout', () => {
    expect(clampWait(500000, 60000, 120000)).toBe(119000);
    expect(clampWait(500000, 5000, 130000)).toBe(129000);
  });
  it('does not cap when the timeout is disabled', () => {
    expect(clampWait(500000, 60000, 0)).toBe(500000);
    expect(clampWait(500000, 60000, undefined)).toBe(500000);
  });
});

describe('signalName / exitOutcome', () => {
  it('names signals', () => {
    expect(signalName(2)).toBe('SIGINT');
    expect(signalName(9)).toBe('SIGKILL');
    expect(signalName('SIGTERM')).toBe('SIGTERM');
    expect(signalName(250)).toBe('SIG250');
  });
  it('maps exits to notes and stop reasons', () => {
    expect(exitOutcome(0, undefined)).toEqual({ stopReason: 'completed', exitCode: 0 });
    expect(exitOutcome(undefined, undefined)).toEqual({ stopReason: 'completed' });
    expect(exitOutcome(3, undefined)).toEqual({ stopReason: 'failed', note: '[exit code: 3]', exitCode: 3 });
    expect(exitOutcome(undefined, 'SIGINT')).toEqual({ stopReason: 'failed', note: '[terminated by signal SIGINT]' });
    expect(exitOutcome(0, 15)).toEqual({ stopReason: 'failed', note: '[terminated by signal SIGTERM]' });
  });
});

describe('notes', () => {
  it('are the exact SPEC strings', () => {
    expect(runningNote('proc-0123abcd')).toBe(
      '[process running with process_id proc-0123abcd; use input_command to send input or poll for output]',
    );
    expect(stillRunningNote('proc-0123abcd')).toBe('[process still running with process_id proc-0123abcd]');
    expect(unknownIdNote('proc-ffffffff')).toBe(
      '[input_command error: unknown process_id proc-ffffffff (the session may have exited and been cleared)]',
    );
  });
  it('joinNotes joins with one newline and skips empties', () => {
    expect(joinNotes('[a]', undefined, '', '[b]')).toBe('[a]\n[b]');
    expect(joinNotes(undefined)).toBeUndefined();
  });
});
