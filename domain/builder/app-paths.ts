// The application's own paths, read from the route manifest once (a page may not take one: issue 15's
// "a page path that collides with an application route"). Imported lazily: routes.gen.ts imports the routes
// that call this.
import { isApplicationPath, routeShapes } from "./rules.ts";

let shapes: ReturnType<typeof routeShapes> | undefined;

export async function applicationPaths(): Promise<(path: string) => boolean> {
  shapes ??= routeShapes(Object.keys((await import("../../routes.gen.ts")).default.routes));
  const known = shapes;
  return (path) => isApplicationPath(path, known);
}
