// Node module hooks for the server's render of web pages (docs/decisions/0108): a component's
// `import './x.css'` is for the bundler; on the server it imports nothing. Plain JavaScript,
// because Node loads hooks before tsx could compile them.
export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return nextLoad(url, context);
}
