import { z } from 'zod';
import { FIRST_MODEL_YEAR, MILEAGE, PRICE, YEARS_OF_USE } from './rules.ts';

// The fields events share, each built from its rule.
export const id = z.string().min(1);
export const money = z.number().min(PRICE.min).max(PRICE.max);
export const yearsOfUse = z.number().min(YEARS_OF_USE.min).max(YEARS_OF_USE.max);
export const modelYear = z.number().int().min(FIRST_MODEL_YEAR);
export const mileage = z.number().int().min(MILEAGE.min).max(MILEAGE.max);
