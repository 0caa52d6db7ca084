// The parts of an OpenAPI 3 document the API reference page renders.
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  format?: string;
  description?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  $ref?: string;
  [k: string]: unknown;
}

export interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  operationId?: string;
  'x-quarry-extension'?: boolean;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One operation of the document with the method and path it is under, as the reference page lists it. */
export interface OperationEntry {
  method: string;
  path: string;
  op: OpenApiOperation;
}
