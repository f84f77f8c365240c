import { describe, expect, it } from 'vitest';
import { mixedData } from '../../../src/protocol/points/2582-25';
import { describeRecognitionPoint } from '../recognition/point-suite';
import { corpusFile, dataUrl, hasCorpus, useWarmGateway } from '../recognition/support';

describeRecognitionPoint({ point: '2582-25', files: ['pdf', 'ofd'], maxBytes: 10 * 1024 * 1024 });

/* One document through 2582-25: a list of one, typed, with the Data its own point gives. */
describe.skipIf(!hasCorpus)('2582-25 reads a single document as a list of one', () => {
  const gateway = useWarmGateway();

  it('a train ticket photo: its type, its point and the same Data as 2582-24', async () => {
    const image = dataUrl(corpusFile('train_ticket/train_ticket_01.jpg'), 'image/jpeg');
    const mixed = mixedData.parse(await gateway.read('2582-25', { ImageURL: image }));
    const own = await gateway.read('2582-24', { ImageURL: image });
    expect(mixed.Documents.map((d) => [d.Type, d.Point])).toEqual([['train_ticket', '2582-24']]);
    expect(mixed.Documents[0]!.Data).toEqual(own);
    expect(mixed.Documents[0]!.Confidence).toBeGreaterThan(0.5);
  });
});
