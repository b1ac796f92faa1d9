/** The object store behind uploads: R2 on Workers, a folder on disk under Node. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  size: number;
  contentType: string;
}

export interface ObjectStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}
