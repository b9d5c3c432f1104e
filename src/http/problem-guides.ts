// Every problem code's guide (§7): the platform's (src/core/problem-guide.ts) and each area's
// (src/modules/<area>/problems.ts), collected by codegen above the modules. The text of `/problems/<code>`,
// of the OpenAPI problem responses and of docs/problems.md.
import { problemStatus, problemType, titleOf, type ProblemCode } from '../core/problem.js';
import { guides } from './generated/problem-guides.js';

export type ProblemGuide = { type: string; code: ProblemCode; title: string; status: number; when: string; action: string };

/** Every code, in the schema's order. */
export const problemCodes = Object.keys(problemStatus) as ProblemCode[];

export function guideOf(code: ProblemCode): ProblemGuide {
  return { type: problemType(code), code, title: titleOf(code), status: problemStatus[code], ...guides[code] };
}

/** The code a `/problems/<kebab>` path names, if any. */
export function codeOfType(kebab: string): ProblemCode | undefined {
  return problemCodes.find((c) => problemType(c) === `/problems/${kebab}`);
}
