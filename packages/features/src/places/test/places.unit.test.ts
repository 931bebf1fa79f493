import { describe, expect, it } from 'vitest';
import { chordOf, kmBetween, kmOfChord } from '../distance.ts';
import { keyOf, MAX_SUGGESTIONS, placeOf, suggestPlaces } from '../gazetteer.ts';

describe('a place written by a person', () => {
  it.each([
    ['Denver, CO', 'Denver, CO'],
    ['denver,co', 'Denver, CO'],
    ['Boulder, Colorado', 'Boulder, CO'],
    ['Boulder CO', 'Boulder, CO'],
    ['Aurora, CO', 'Aurora, CO'],
    ['Aurora, IL', 'Aurora, IL'],
    ['Aurora', 'Aurora, CO'],
    ['St. Louis, MO', 'St. Louis, MO'],
    ['Saint Louis', 'St. Louis, MO'],
    ['New York, NY', 'New York City, NY'],
    ['Washington, DC', 'Washington, D.C., DC'],
    ['Lyon, France', 'Lyon, France'],
    ['Munich, DE', 'Munich, Germany'],
    ['Portland, USA', 'Portland, OR'],
    ['Dhaka, Gulshan', 'Dhaka, Bangladesh'],
  ])('%s is %s', (text, label) => {
    expect(placeOf(text)?.label).toBe(label);
  });

  it('takes a latitude and a longitude as they are', () => {
    expect(placeOf(' 39.74 , -104.99 ')).toEqual({
      label: '39.74, -104.99',
      latitude: 39.74,
      longitude: -104.99,
    });
    expect(placeOf('91,10')).toBeUndefined();
  });

  it.each(['Boulder, TX', 'Xqzzy', 'Denver, Narnia, CO', '', ',CO', 'Denver,'])(
    'knows no %j',
    (text) => {
      expect(placeOf(text)).toBeUndefined();
    },
  );

  it('writes names without accents, case or punctuation', () => {
    expect(keyOf('  Rājshāhi ')).toBe('rajshahi');
    expect(keyOf('St. Louis')).toBe('saint louis');
    expect(keyOf('Washington, D.C.')).toBe('washington dc');
    expect(keyOf('Winston-Salem')).toBe('winston salem');
  });
});

describe('suggestions as someone types', () => {
  it('are the places a name begins, most populous first', () => {
    const labels = suggestPlaces('Boul').map((place) => place.label);
    expect(labels).toContain('Boulder, CO');
    expect(labels.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    const denver = suggestPlaces('denv');
    expect(denver[0]).toMatchObject({ label: 'Denver, CO' });
    expect(denver[0]?.latitude).toBeCloseTo(39.74, 1);
  });

  it('narrow to a state or a country after a comma', () => {
    const labels = suggestPlaces('Aurora, co').map((place) => place.label);
    expect(labels[0]).toBe('Aurora, CO');
    expect(labels).not.toContain('Aurora, IL');
  });

  it('wait for two letters', () => {
    expect(suggestPlaces('b')).toEqual([]);
    expect(suggestPlaces('xqzzy')).toEqual([]);
  });
});

describe('distances', () => {
  it('are great-circle kilometres', () => {
    // Boulder to Denver is about 39 km as the crow flies; to Austin, about 1,280 km.
    expect(kmBetween('Boulder, CO', 'Denver, CO')).toBeCloseTo(39.2, 0);
    expect(kmBetween('Boulder, CO', 'Austin, TX')).toBeCloseTo(1281, -1);
    expect(kmBetween('Denver, CO', 'Denver, CO')).toBe(0);
    expect(kmBetween('Denver, CO', 'Xqzzy')).toBeUndefined();
  });

  it('turn into the chords the index measures and back', () => {
    for (const km of [0, 1, 50, 500, 10_000]) expect(kmOfChord(chordOf(km))).toBeCloseTo(km, 6);
    expect(chordOf(50)).toBeLessThan(50);
  });
});
