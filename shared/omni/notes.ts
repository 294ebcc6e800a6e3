// Fixed texts the protocol puts into tool outputs and that more than one side reads (the engine writes them, resume
// pairs dangling calls with them, the UI recognises them). One definition each; plain constants, no logic.

/** The output (or closing note) of a tool call that a user's abort ended (SPEC §3, §4). */
const INTERRUPTED_NOTE = '[interrupted: tool aborted by user]';

/**
 * The output (or closing note) of a tool call that ended because the process running the session stopped — it
 * crashed (paired on resume) or shut the session down — not because of anything the person did.
 */
const HOST_STOPPED_NOTE = '[interrupted: the host stopped]';

/** The closing note of an interrupted call by who interrupted it (the `aborted_by` of its output). */
export const INTERRUPTED_NOTES = { user: INTERRUPTED_NOTE, host: HOST_STOPPED_NOTE } as const;
