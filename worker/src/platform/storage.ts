/** The object store behind uploads: R2 on Workers, a folder on disk under Node. */
export interface ObjectInfo {
  /** The whole object's size in bytes, whatever part of it a read returns. */
  size: number;
  contentType: string;
}

export interface StoredObject extends ObjectInfo {
  /** The object's bytes, or only the requested range of them. */
  body: ReadableStream<Uint8Array>;
}

/** Part of an object: `length` bytes from `offset` (both within the object). */
export interface ReadRange {
  offset: number;
  length: number;
}

export interface ObjectStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The object, or only `range` of it (streamed, never read whole); null when there is none. */
  get(key: string, range?: ReadRange): Promise<StoredObject | null>;
  /** Size and type without the bytes; null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
}
