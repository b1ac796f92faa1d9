/**
 * What the worker bundle gets for the optional schema libraries hono-openapi's JSON Schema
 * converter may import (effect, sury, valibot's and zod 3's converters, zod-openapi): none is
 * installed and none is used (the document is made from zod 4's own JSON Schema), but the Workers
 * runtime refuses a bundle that imports a module it does not hold (decision 0052).
 */
export default undefined;
