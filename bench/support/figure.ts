/** One measured figure, beside the baseline it is judged against. */
export interface Figure {
  /** What was measured, e.g. "client getDocument p50". */
  name: string;
  value: number;
  unit: string;
  /** What the value is compared with, e.g. "bare node:http". */
  baselineName?: string;
  baseline?: number;
  /** value / baseline. */
  ratio?: number;
  /** The target as text, e.g. "≤ 1.10×". */
  target?: string;
  /** Whether the target is met; undefined without a target. */
  met?: boolean;
  note?: string;
}

export function figure(fields: Omit<Figure, 'ratio'>): Figure {
  const ratio = fields.baseline !== undefined && fields.baseline !== 0 ? fields.value / fields.baseline : undefined;
  return { ...fields, ratio };
}
