import { freshIdbFactory } from '../../../../tools/host/nodeIndexedDb';

export function freshFactory(): IDBFactory {
  return freshIdbFactory();
}

/** The stored version of a database, opened raw so the module under test is not involved. */
export function rawVersion(factory: IDBFactory, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name);
    request.onsuccess = () => {
      const version = request.result.version;
      request.result.close();
      resolve(version);
    };
    request.onerror = () => reject(request.error);
  });
}
