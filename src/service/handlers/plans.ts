import { planRecord } from '../catalog/plans';
import type { Handler } from '../http/types';

export const listPlans: Handler = ({ account }) => ({ body: account.plans().map(planRecord) });
