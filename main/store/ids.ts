// Id and clock helpers for the store. Pure apart from randomness and the clock; no database access.
import { randomBytes } from 'node:crypto';

export type Clock = () => string;
export const isoNow: Clock = () => new Date().toISOString();

/** `project-<12 hex>` */
export const newProjectId = (): string => `project-${randomBytes(6).toString('hex')}`;
