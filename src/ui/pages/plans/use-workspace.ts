import { useCallback, useState } from "preact/hooks";
import { fileKey, fileText, type PlanWorkspace, type WorkspaceFile, withFileText } from "./plan-workspace.ts";
import { deleteIn, moveItem, renameKey, setIn, type YamlPath } from "./yaml-edit.ts";

/** The form's edits of one workspace text, each applied to the YAML text itself. */
export interface WorkspaceEdits {
  readonly set: (file: WorkspaceFile, path: YamlPath, value: unknown) => void;
  readonly remove: (file: WorkspaceFile, path: YamlPath) => void;
  readonly rename: (file: WorkspaceFile, path: YamlPath, to: string) => void;
  readonly move: (file: WorkspaceFile, path: YamlPath, by: number) => void;
}

export interface WorkspaceState extends WorkspaceEdits {
  readonly ws: PlanWorkspace;
  readonly replace: (ws: PlanWorkspace) => void;
  /** An edit of several texts at once (the YAML view's drafts kept); one that throws is shown as the edit error. */
  readonly update: (change: (ws: PlanWorkspace) => PlanWorkspace) => void;
  readonly setText: (file: WorkspaceFile, text: string) => void;
  /** The last edit that could not be applied (the text does not parse, a key exists already). */
  readonly editError: string | undefined;
  /** Whether anything changed since the workspace was loaded or saved. */
  readonly dirty: boolean;
  /**
   * Texts typed in the YAML view that do not parse, by fileKey. The workspace keeps each file's
   * last text that parsed (the form reads it); these are the user's latest words, which Save
   * must not silently drop: it refuses while any is here.
   */
  readonly drafts: ReadonlyMap<string, string>;
  /** A file's text that does not parse (undefined: its text parses again). */
  readonly setDraft: (file: WorkspaceFile, text: string | undefined) => void;
  /** The workspace was saved as this plan id: not dirty any more (edits made meanwhile are kept). */
  readonly markSaved: (id: string) => void;
}

export function useWorkspace(initial: PlanWorkspace): WorkspaceState {
  const [ws, setWs] = useState(initial);
  const [editError, setEditError] = useState<string | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const apply = useCallback((file: WorkspaceFile, change: (text: string) => string) => {
    setWs((current) => {
      try {
        const next = change(fileText(current, file));
        setEditError(undefined);
        if (next === fileText(current, file)) return current;
        setDirty(true);
        return withFileText(current, file, next);
      } catch (e) {
        setEditError(e instanceof Error ? e.message : String(e));
        return current;
      }
    });
  }, []);
  return {
    ws,
    editError,
    dirty: dirty || drafts.size > 0,
    drafts,
    setDraft: useCallback((file: WorkspaceFile, text: string | undefined) => {
      setDrafts((current) => {
        const key = fileKey(file);
        if (current.get(key) === text) return current;
        const next = new Map(current);
        if (text === undefined) next.delete(key);
        else next.set(key, text);
        return next;
      });
    }, []),
    replace: useCallback((next: PlanWorkspace) => {
      setWs(next);
      setDrafts(new Map());
      setDirty(true);
    }, []),
    update: useCallback((change: (ws: PlanWorkspace) => PlanWorkspace) => {
      setWs((current) => {
        try {
          const next = change(current);
          setEditError(undefined);
          if (next !== current) setDirty(true);
          return next;
        } catch (e) {
          setEditError(e instanceof Error ? e.message : String(e));
          return current;
        }
      });
    }, []),
    markSaved: useCallback((id: string) => {
      setWs((current) => ({ ...current, id }));
      setDirty(false);
    }, []),
    setText: useCallback((file: WorkspaceFile, text: string) => apply(file, () => text), [apply]),
    set: useCallback((f, p, v) => apply(f, (t) => setIn(t, p, v)), [apply]),
    remove: useCallback((f, p) => apply(f, (t) => deleteIn(t, p)), [apply]),
    rename: useCallback((f, p, to) => apply(f, (t) => renameKey(t, p, to)), [apply]),
    move: useCallback((f, p, by) => apply(f, (t) => moveItem(t, p, by)), [apply]),
  };
}
