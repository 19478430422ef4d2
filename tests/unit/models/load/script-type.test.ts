import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownScriptType } from '../../../../worker/models/load/parse/workers';

/*
 * What each engine's importScripts does with an unparsable URL, as tried in Chromium 156, Firefox
 * ESR 153 and WebKitGTK 2.50 (the browsers project runs the real thing: a model in each browser).
 * Firefox returns normally from importScripts() with no URL in a module worker, which made the old
 * test start parse workers as classic workers there, and every model failed.
 */
const moduleWorker = () => {
  throw new TypeError("Failed to execute 'importScripts' on 'WorkerGlobalScope': Module scripts don't support importScripts().");
};
const classicWorker = () => {
  throw new DOMException("The URL 'http://[' is invalid.", 'SyntaxError');
};

describe('ownScriptType: how the render worker runs, so a parse worker starts the same way', () => {
  it('is a module where importScripts is refused with a TypeError', () => {
    expect(ownScriptType(moduleWorker)).toBe('module');
  });
  it('is classic where the URL is parsed (and refused as a URL)', () => {
    expect(ownScriptType(classicWorker)).toBe('classic');
  });
  it('is classic where importScripts runs the script', () => {
    expect(ownScriptType(() => undefined)).toBe('classic');
  });
  it('asks with a URL, never with none (Firefox answers nothing to none)', () => {
    const asked: string[][] = [];
    ownScriptType((...urls) => {
      asked.push(urls);
    });
    expect(asked).toEqual([['http://[']]);
  });

  describe("by default, the worker's own importScripts, reached through self (Parcel refuses a bare call)", () => {
    afterEach(() => vi.unstubAllGlobals());
    it('is a module in a module worker', () => {
      vi.stubGlobal('self', { importScripts: moduleWorker });
      expect(ownScriptType()).toBe('module');
    });
    it('is classic in a classic worker, asked with the same unparsable URL', () => {
      const asked: string[][] = [];
      vi.stubGlobal('self', {
        importScripts(...urls: string[]) {
          asked.push(urls);
          classicWorker();
        },
      });
      expect(ownScriptType()).toBe('classic');
      expect(asked).toEqual([['http://[']]);
    });
  });
});
