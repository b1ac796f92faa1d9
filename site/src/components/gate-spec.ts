import { FEATURES, type FeatureKey, type GatedFeature } from '../../../worker/src/domain/features.ts';

/** A gate by its key in the table (FEATURES), or its own name, level and description. */
export type GateSpec = FeatureKey | GatedFeature;

/** The gate's name, level and description, whichever way it was given. */
export function gateOf(spec: GateSpec): GatedFeature {
  return typeof spec === 'string' ? FEATURES[spec] : spec;
}
