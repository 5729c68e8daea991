import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A route's response schema: a zod schema, or one wrapped with a description. */
function zodSchemaOf(schema: unknown): z.core.$ZodType | undefined {
  if (schema instanceof z.core.$ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | undefined)?.properties;
  return wrapped instanceof z.core.$ZodType ? wrapped : undefined;
}

/**
 * Writes each response with fast-json-stringify compiled once from the JSON Schema of the
 * route's zod response schema, instead of validating every response with zod before
 * JSON.stringify. Only the schema's properties are written, so a column the schema does not
 * name (a password hash, an address) never leaves the server. A schema JSON Schema cannot
 * express (a transform) keeps zod's validate-then-stringify.
 */
export const responseSerializerCompiler: typeof zodSerializerCompiler = (route) => {
  const schema = zodSchemaOf(route.schema);
  if (!schema) return zodSerializerCompiler(route);
  let jsonSchema;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJson(jsonSchema as fastJson.Schema);
};
