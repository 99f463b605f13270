/** An index as created through the interface: its name, its key (field → 1, -1 or a type) and its options. */
export interface IndexSpec {
  name: string;
  key: Record<string, number | string>;
  unique?: boolean;
  background?: boolean;
  dropDups?: boolean;
  min?: number;
  max?: number;
}
