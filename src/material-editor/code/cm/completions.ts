import { snippetCompletion, type Completion, type CompletionContext, type CompletionSource } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { javascriptLanguage } from '@codemirror/lang-javascript';
import { t, type Locale } from '../../../../shared/i18n/editor';
import { GLSL_NAMES } from '../names/glslNames';
import { SCOPE, SCRIPT_API, type ApiName, type CodeKind } from '../names/scriptApi';
import { THREE_NAMES } from '../names/threeNames';
import { glslLanguage } from './language';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Every name of the THREE namespace, with its kind as the list's icon. Built once: about 450 names. */
let threeOptions: Completion[] | null = null;
function threeNames(): Completion[] {
  const type = { class: 'class', function: 'function', constant: 'constant', namespace: 'namespace' } as const;
  return (threeOptions ??= Object.entries(THREE_NAMES).flatMap(([kind, names]) =>
    words(names).map((label) => ({ label, type: type[kind as keyof typeof type] })),
  ));
}

/** An api name as a completion: its snippet (a hook's whole declaration) or the bare name, explained in the designer's language. */
function option(n: ApiName, locale: Locale): Completion {
  const base = { label: n.name, detail: n.detail, info: t(locale, n.info), type: n.type, boost: 1 };
  return n.snippet ? snippetCompletion(n.snippet, base) : base;
}

/** Where no name is completed: inside strings and comments (GLSL strings have their own source). */
const QUIET = new Set(['String', 'TemplateString', 'LineComment', 'BlockComment', 'RegExp']);
const quiet = (ctx: CompletionContext) => QUIET.has(syntaxTree(ctx.state).resolveInner(ctx.pos, -1).name);

/**
 * The names a kind of code is given: THREE's after `THREE.`, the scene API's after `api.` (space
 * script), and at a word the names in scope (the hooks as whole declarations). JavaScript's own
 * completions (keywords, local names) come with the language beside these.
 */
function scriptSource(kind: CodeKind, locale: Locale): CompletionSource {
  const scope = SCOPE[kind].map((n) => option(n, locale));
  const api = SCRIPT_API.map((n) => option(n, locale));
  return (ctx) => {
    if (quiet(ctx)) return null;
    const member = ctx.matchBefore(/\b(?:THREE|api)\.\w*$/);
    if (member) {
      const dot = member.text.indexOf('.');
      const object = member.text.slice(0, dot);
      if (object === 'api' && kind !== 'spaceScript') return null;
      return { from: member.from + dot + 1, options: object === 'THREE' ? threeNames() : api, validFor: /^\w*$/ };
    }
    const word = ctx.matchBefore(/\w+$/);
    // After a dot that is not THREE's or api's: some other object's members, unknown here.
    if ((!word && !ctx.explicit) || ctx.matchBefore(/\.\w*$/)) return null;
    return { from: word?.from ?? ctx.pos, options: scope, validFor: /^\w*$/ };
  };
}

/** Inside a shader string: GLSL's words and what three declares for a ShaderMaterial. */
const glslSource: CompletionSource = (ctx) => {
  const word = ctx.matchBefore(/\w+$/);
  if (!word && !ctx.explicit) return null;
  const type = { three: 'variable', type: 'type', keyword: 'keyword', variable: 'variable', function: 'function' } as const;
  const options = Object.entries(GLSL_NAMES).flatMap(([kind, names]) =>
    words(names).map((label) => ({ label, type: type[kind as keyof typeof type], detail: kind === 'three' ? 'three.js' : undefined })),
  );
  return { from: word?.from ?? ctx.pos, options, validFor: /^\w*$/ };
};

/** The completion sources of a kind of code, attached to its languages (so GLSL strings get GLSL's). */
export function completionsFor(kind: CodeKind, locale: Locale): Extension {
  return [
    javascriptLanguage.data.of({ autocomplete: scriptSource(kind, locale) }),
    kind === 'shaderCode' ? glslLanguage.data.of({ autocomplete: glslSource }) : [],
  ];
}
