// The Foodics stand-in's consent page (docs/POS.md, "Foodics: connecting a restaurant"): what the owner sees at
// GET /authorize, choosing one of the two businesses. Apart from the OAuth app's logic as it is only HTML.
import { FIXTURE, FIXTURE_EG } from './fixture';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The owner's consent page, as Foodics' console shows it: which business, Approve or Decline. */
export function authorizePage(state: string, redirectUri: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const business = (value: string, b: { name: string; reference: number }, checked: boolean) =>
    `<label><input type="radio" name="business" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(b.name)} (${b.reference})</label><br>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foodics (stand-in): authorize Specter</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 32rem; margin: 2rem auto">
<h1>Foodics (stand-in)</h1>
<p>Specter asks to read your business's branches, devices and orders.</p>
<form method="post" action="/authorize">
${hidden('state', state)}${hidden('redirect_uri', redirectUri)}
<fieldset><legend>Business</legend>
${business('sa', FIXTURE.business, true)}${business('eg', FIXTURE_EG.business, false)}
</fieldset>
<p><button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button></p>
</form></body></html>`;
}
