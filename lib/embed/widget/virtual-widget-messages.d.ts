/** Every language's Widget messages, compiled by scripts/build-embed.ts (lib/embed/widget/compile-messages.ts). */
declare module "virtual:widget-messages" {
  const catalogs: Record<string, Record<string, import("icu-minify/format").CompiledMessage>>;
  export default catalogs;
}
