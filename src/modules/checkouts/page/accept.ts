// §15.4 rule 4: the page answers HTML when `Accept` names text/html (any parameters) with a q other than
// 0; otherwise JSON. Media types match case-insensitively (§16.9); only text/html itself counts, not
// text/* or */* (a JSON client that sends */* keeps getting JSON).

/** RFC 9110's spellings of a zero weight: 0, 0., 0.0, 0.00, 0.000. */
const ZERO_WEIGHT = /^0(\.0{0,3})?$/;

export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim());
    if (type!.toLowerCase() !== 'text/html') return false;
    const q = params.find((p) => /^q\s*=/i.test(p));
    return q === undefined || !ZERO_WEIGHT.test(q.slice(q.indexOf('=') + 1).trim());
  });
}
