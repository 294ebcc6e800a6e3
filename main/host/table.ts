// The handler table's type: one function per method of shared/api.ts, receiving params already validated by the
// method's zod schema. Types only.
import type { z } from 'zod';
import type { Method, ParamsSchemas, Results } from '../../shared/api.js';

type ParsedParams<M extends Method> = z.output<(typeof ParamsSchemas)[M]>;
/** Who made a call: the client (a browser tab, host.connect), or nobody for in-process callers. */
export interface CallContext {
  client?: object;
}
type Handler<M extends Method> = (params: ParsedParams<M>, ctx: CallContext) => Promise<Results[M]> | Results[M];
export type HandlerTable = { [M in Method]: Handler<M> };
export type Handlers<K extends Method> = { [M in K]: Handler<M> };
