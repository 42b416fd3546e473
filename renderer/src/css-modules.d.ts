/** Vite turns `Foo.module.css` into an object of its class names, made unique per file. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
