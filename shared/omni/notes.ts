// Fixed texts the protocol puts into tool outputs and that more than one side reads (the engine writes them, resume
// pairs dangling calls with them, the UI recognises them). One definition each; plain constants, no logic.

/** The output (or closing note) of a tool call that a user's abort ended (SPEC §3, §4). */
export const INTERRUPTED_NOTE = '[interrupted: tool aborted by user]';
