import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The parts of the OpenAPI document the docs page reads (the app serves it at /api/openapi.json). */
export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  description?: string;
};
export type OpenApiParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
export type OpenApiOperation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
export type OpenApiDocument = {
  tags?: Array<{ name: string; description?: string }>;
  components?: {
    securitySchemes?: Record<string, { type: string; scheme?: string; name?: string; in?: string }>;
  };
  paths: Record<string, Record<string, OpenApiOperation>>;
};

export function useOpenApiDocument() {
  return useQuery({
    queryKey: ['openapi'],
    queryFn: () => api.get<OpenApiDocument>('/openapi.json', { auth: 'none' }),
    staleTime: 10 * 60_000,
  });
}
