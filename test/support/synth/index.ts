export { registerChineseFont } from './fonts';
export { renderDocument, type SynthImage, type SynthOptions, type Variant } from './render';
export { charAccuracy, editDistance, exactLines, foldForScoring } from './score';
