/**
 * Route selection as API Gateway HTTP APIs do it: a request matches a route when the method and every path
 * segment match; `{name}` matches one segment, `{name+}` the rest of the path; when several routes match,
 * the most specific one (literal segments before parameters before greedy ones) wins. No match is a 404.
 */
import { ROUTES, type RouteDefinition, type RouteId } from '#shared/routes';

export interface MatchedRoute {
  readonly id: RouteId;
  readonly definition: RouteDefinition;
  /** Decoded path parameters; undefined when the route has none (as in the API Gateway event). */
  readonly pathParameters: Record<string, string> | undefined;
}

type Segment = { kind: 'literal'; value: string } | { kind: 'param'; name: string } | { kind: 'greedy'; name: string };

interface CompiledRoute {
  readonly id: RouteId;
  readonly definition: RouteDefinition;
  readonly segments: readonly Segment[];
}

const SPECIFICITY = { literal: 2, param: 1, greedy: 0 } as const;

function compile(path: string): Segment[] {
  return path
    .split('/')
    .slice(1)
    .map((part): Segment => {
      const param = /^\{([A-Za-z0-9_]+)(\+?)\}$/.exec(part);
      if (!param) return { kind: 'literal', value: part };
      return param[2] ? { kind: 'greedy', name: param[1]! } : { kind: 'param', name: param[1]! };
    });
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    if (segment.kind === 'greedy') {
      const rest = parts.slice(index);
      if (!rest.length || rest.every((part) => part === '')) return undefined;
      parameters[segment.name] = decode(rest.join('/'));
      return parameters;
    }
    const part = parts[index];
    if (part === undefined) return undefined;
    if (segment.kind === 'literal' && segment.value !== part) return undefined;
    if (segment.kind === 'param') {
      if (part === '') return undefined;
      parameters[segment.name] = decode(part);
    }
  }
  return segments.length === parts.length ? parameters : undefined;
}

/** Positive when a is more specific than b. */
function compareSpecificity(a: CompiledRoute, b: CompiledRoute): number {
  const length = Math.max(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index++) {
    const left = a.segments[index] ? SPECIFICITY[a.segments[index]!.kind] : -1;
    const right = b.segments[index] ? SPECIFICITY[b.segments[index]!.kind] : -1;
    if (left !== right) return left - right;
  }
  return 0;
}

export function createRouteMatcher(
  routes: Readonly<Record<string, RouteDefinition>> = ROUTES,
): (method: string, rawPath: string) => MatchedRoute | undefined {
  const compiled: CompiledRoute[] = Object.entries(routes)
    .map(([id, definition]) => ({ id: id as RouteId, definition, segments: compile(definition.path) }))
    .sort((a, b) => compareSpecificity(b, a));

  return (method, rawPath) => {
    const parts = rawPath.split('/').slice(1);
    for (const route of compiled) {
      if (route.definition.method !== method) continue;
      const parameters = matchSegments(route.segments, parts);
      if (parameters) {
        return {
          id: route.id,
          definition: route.definition,
          pathParameters: Object.keys(parameters).length ? parameters : undefined,
        };
      }
    }
    return undefined;
  };
}
