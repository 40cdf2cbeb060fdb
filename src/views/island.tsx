import type { ComponentType } from "react";

/** JSON for an inline <script>: "<" and line separators escaped, so "</script>" in a bio is inert. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Renders an island on the server and leaves what the client needs to hydrate it:
 * the mount element (data-island = the name the page's entry registers) and its props.
 */
export function Island<P extends object>({ name, component: Component, props, className }: { name: string; component: ComponentType<P>; props: P; className?: string }) {
  return (
    <>
      <div data-island={name} className={className}>
        <Component {...props} />
      </div>
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: serializeForScript(props) }} />
    </>
  );
}
