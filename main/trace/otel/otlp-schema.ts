// JSON Schema of an OTLP/JSON `ExportTraceServiceRequest`, derived by hand from opentelemetry-proto
// (collector/trace/v1/trace_service.proto, trace/v1/trace.proto, common/v1/common.proto, resource/v1/resource.proto)
// under the OTLP JSON mapping: lowerCamelCase field names, trace/span ids as hex (32/16 digits; an absent parent is
// "" or missing), 64-bit integers as decimal strings (numbers accepted, as protobuf's JSON does), enums as integers,
// `bytesValue` as base64. Unknown fields are refused so a misspelt field is caught. Used to check OTLP files before
// import and, in tests, Floe's own export. Data only.

const uint = { type: 'integer', minimum: 0 } as const;
const u64 = {
  anyOf: [
    { type: 'string', pattern: '^[0-9]+$' },
    { type: 'integer', minimum: 0 },
  ],
} as const;
const i64 = { anyOf: [{ type: 'string', pattern: '^-?[0-9]+$' }, { type: 'integer' }] } as const;
const traceId = { type: 'string', pattern: '^[0-9a-fA-F]{32}$' } as const;
const spanId = { type: 'string', pattern: '^[0-9a-fA-F]{16}$' } as const;
const optSpanId = { type: 'string', pattern: '^([0-9a-fA-F]{16})?$' } as const;
const attrs = { type: 'array', items: { $ref: '#/$defs/KeyValue' } } as const;

export const OTLP_TRACE_REQUEST_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://floe.local/schemas/otlp-export-trace-service-request.json',
  title: 'ExportTraceServiceRequest (OTLP/JSON)',
  type: 'object',
  additionalProperties: false,
  properties: { resourceSpans: { type: 'array', items: { $ref: '#/$defs/ResourceSpans' } } },
  $defs: {
    AnyValue: {
      type: 'object',
      additionalProperties: false,
      maxProperties: 1,
      properties: {
        stringValue: { type: 'string' },
        boolValue: { type: 'boolean' },
        intValue: i64,
        doubleValue: { type: 'number' },
        arrayValue: {
          type: 'object',
          additionalProperties: false,
          properties: { values: { type: 'array', items: { $ref: '#/$defs/AnyValue' } } },
        },
        kvlistValue: {
          type: 'object',
          additionalProperties: false,
          properties: { values: attrs },
        },
        bytesValue: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' },
      },
    },
    KeyValue: {
      type: 'object',
      additionalProperties: false,
      required: ['key'],
      properties: { key: { type: 'string' }, value: { $ref: '#/$defs/AnyValue' } },
    },
    Resource: {
      type: 'object',
      additionalProperties: false,
      properties: { attributes: attrs, droppedAttributesCount: uint, entityRefs: { type: 'array' } },
    },
    InstrumentationScope: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        version: { type: 'string' },
        attributes: attrs,
        droppedAttributesCount: uint,
      },
    },
    ResourceSpans: {
      type: 'object',
      additionalProperties: false,
      properties: {
        resource: { $ref: '#/$defs/Resource' },
        scopeSpans: { type: 'array', items: { $ref: '#/$defs/ScopeSpans' } },
        schemaUrl: { type: 'string' },
      },
    },
    ScopeSpans: {
      type: 'object',
      additionalProperties: false,
      properties: {
        scope: { $ref: '#/$defs/InstrumentationScope' },
        spans: { type: 'array', items: { $ref: '#/$defs/Span' } },
        schemaUrl: { type: 'string' },
      },
    },
    Event: {
      type: 'object',
      additionalProperties: false,
      properties: { timeUnixNano: u64, name: { type: 'string' }, attributes: attrs, droppedAttributesCount: uint },
    },
    Link: {
      type: 'object',
      additionalProperties: false,
      properties: {
        traceId,
        spanId,
        traceState: { type: 'string' },
        attributes: attrs,
        droppedAttributesCount: uint,
        flags: uint,
      },
    },
    Status: {
      type: 'object',
      additionalProperties: false,
      properties: { message: { type: 'string' }, code: { type: 'integer', enum: [0, 1, 2] } },
    },
    Span: {
      type: 'object',
      additionalProperties: false,
      required: ['traceId', 'spanId', 'name', 'startTimeUnixNano', 'endTimeUnixNano'],
      properties: {
        traceId,
        spanId,
        traceState: { type: 'string' },
        parentSpanId: optSpanId,
        flags: uint,
        name: { type: 'string' },
        kind: { type: 'integer', enum: [0, 1, 2, 3, 4, 5] },
        startTimeUnixNano: u64,
        endTimeUnixNano: u64,
        attributes: attrs,
        droppedAttributesCount: uint,
        events: { type: 'array', items: { $ref: '#/$defs/Event' } },
        droppedEventsCount: uint,
        links: { type: 'array', items: { $ref: '#/$defs/Link' } },
        droppedLinksCount: uint,
        status: { $ref: '#/$defs/Status' },
      },
    },
  },
} as const;
