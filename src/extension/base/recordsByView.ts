/** What a test probe keeps of each view it is told about: one record a view, made on first use, gone with the view. */
export class RecordsByView<R> {
  private readonly records = new WeakMap<object, R>();

  constructor(private readonly make: () => R) {}

  /** What `view` reported (empty until it reports). */
  of(view: object): R {
    let record = this.records.get(view);
    if (!record) this.records.set(view, (record = this.make()));
    return record;
  }
}
