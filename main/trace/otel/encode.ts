// Spans as OTLP JSON (the opentelemetry-proto JSON mapping of `ExportTraceServiceRequest`): one request holding a
// session's spans, or JSON Lines with one request per task (an `invoke_agent` span and everything under it) —
// the shape the OpenTelemetry Collector's file exporter writes. Trace and span ids are hex, 64-bit integers and
// nanosecond times are decimal strings, enums are numbers, attributes are `AnyValue`s. Pure.
import { A, SCHEMA_URL, SCOPE_NAME } from './semconv.js';
import type { AttrValue, Span } from './spans.js';

type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } };
export interface KeyValue {
  key: string;
  value: AnyValue;
}

function anyValue(v: AttrValue): AnyValue {
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { arrayValue: { values: v.map((x) => ({ stringValue: x })) } };
  return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v };
}

const kv = (attrs: Record<string, AttrValue>): KeyValue[] =>
  Object.entries(attrs).map(([key, value]) => ({ key, value: anyValue(value) }));

/** Milliseconds since the epoch (to the microsecond) as OTLP's decimal nanoseconds. */
const nanos = (ms: number): string => (BigInt(Math.round(ms * 1000)) * 1_000n).toString();

function spanJson(s: Span) {
  return {
    traceId: s.traceId,
    spanId: s.spanId,
    ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
    name: s.name,
    kind: s.kind,
    startTimeUnixNano: nanos(s.startMs),
    endTimeUnixNano: nanos(Math.max(s.startMs, s.endMs)),
    attributes: kv(s.attributes),
    events: s.events.map((e) => ({ timeUnixNano: nanos(e.timeMs), name: e.name, attributes: kv(e.attributes) })),
    status: { code: s.status.code, ...(s.status.message ? { message: s.status.message } : {}) },
  };
}

export interface ExportOptions {
  /** `service.version` of the resource */
  version?: string;
}

/** One `ExportTraceServiceRequest` with the given spans under one resource and one scope. */
export function exportRequest(spans: readonly Span[], o: ExportOptions = {}) {
  return {
    resourceSpans: [
      {
        resource: {
          attributes: kv({ [A.serviceName]: 'floe', ...(o.version ? { [A.serviceVersion]: o.version } : {}) }),
        },
        scopeSpans: [
          {
            scope: { name: SCOPE_NAME, ...(o.version ? { version: o.version } : {}) },
            spans: spans.map(spanJson),
            schemaUrl: SCHEMA_URL,
          },
        ],
        schemaUrl: SCHEMA_URL,
      },
    ],
  };
}

/** The whole session as one OTLP JSON document. */
export function encodeOtlpJson(spans: readonly Span[], o: ExportOptions = {}): string {
  return JSON.stringify(exportRequest(spans, o), null, 2) + '\n';
}

/** OTLP JSON Lines: one request per trace (a task), in order, each on one line. */
export function encodeOtlpJsonLines(spans: readonly Span[], o: ExportOptions = {}): string {
  const byTrace = new Map<string, Span[]>();
  for (const s of spans) byTrace.set(s.traceId, [...(byTrace.get(s.traceId) ?? []), s]);
  return [...byTrace.values()].map((group) => JSON.stringify(exportRequest(group, o)) + '\n').join('');
}
