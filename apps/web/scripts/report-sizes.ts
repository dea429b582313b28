// Prints the gzip size of the JavaScript each route loads, from Vite's manifest, and fails the
// build if the landing page would download the signed-in app's code.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

function gzipKb(keys: Set<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js'))
      bytes += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

const entry = 'index.html';
const routes: Record<string, string[]> = {
  '/': ['src/components/layouts/MarketingLayout.tsx', 'src/features/landing/LandingPage.tsx'],
  '/login': ['src/components/layouts/BlankLayout.tsx', 'src/features/auth/LoginPage.tsx'],
  '/register': ['src/components/layouts/BlankLayout.tsx', 'src/features/auth/RegisterPage.tsx'],
  '/onboarding': ['src/app/routes/onboarding-route.tsx'],
  '/app': ['src/app/layouts/MainLayout.tsx', 'src/app/routes/app-screens.tsx'],
};

// The signed-in app's own route chunks; shared UI pieces (buttons, icons) may be loaded by both.
const appRouteChunks = [...routes['/app']!, ...routes['/onboarding']!];

console.log('JavaScript per route (gzip, first load incl. shared entry):');
let landingLoadsApp = false;
for (const [route, keys] of Object.entries(routes)) {
  const chunks = closure([entry, ...keys]);
  console.log(
    `  ${route.padEnd(12)} ${gzipKb(chunks).toFixed(1).padStart(7)} KB  (${chunks.size} chunks)`,
  );
  if (route === '/') landingLoadsApp = appRouteChunks.some((key) => chunks.has(key));
}
console.log(
  `  entry alone   ${gzipKb(closure([entry]))
    .toFixed(1)
    .padStart(7)} KB`,
);
if (landingLoadsApp) {
  console.error('The landing page loads code of the signed-in app; check the route chunks.');
  process.exit(1);
}
console.log('Landing page loads none of the app chunks.');
