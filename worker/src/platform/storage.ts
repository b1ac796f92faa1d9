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

/** What an object is stored from: its bytes, or a stream of them. */
export type ObjectData = Uint8Array | ReadableStream<Uint8Array>;

/**
 * An upload's bytes held while the rest of its request is read (decision 0061): written chunk by
 * chunk as they arrive, then put under a key once the request is known to be good, or discarded.
 * A file beside the store under Node; memory on Workers, whose R2 put wants a known length.
 */
export interface Spool {
  /** Bytes written so far. */
  readonly size: number;
  write(chunk: Uint8Array): Promise<void>;
  /** The bytes written, for `put` or to read them back; each call reads from the start. */
  data(): ObjectData;
  /** Removes what is held; harmless when already put or discarded. */
  discard(): Promise<void>;
}

export interface ObjectStore {
  put(key: string, data: ObjectData, contentType: string): Promise<void>;
  /** A new, empty spool for one upload's bytes. */
  spool(): Promise<Spool>;
  /** The object, or only `range` of it (streamed, never read whole); null when there is none. */
  get(key: string, range?: ReadRange): Promise<StoredObject | null>;
  /** Size and type without the bytes; null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
}
