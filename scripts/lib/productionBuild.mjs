// The production build the browser journeys and the screenshots run (dist/ by Vite, then dist-server/ by esbuild):
// one list, so every caller builds the same things. Each step is a label and the arguments for this Node.
export const PRODUCTION_BUILD = [
  ['build: the web app', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']],
  ['build: the server', ['scripts/build-server.mjs']],
];
