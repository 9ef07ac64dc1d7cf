import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { itemTypeFor, lineCount, validateItem, type ItemFormValues } from './item-validation';

const ok: ItemFormValues = {
  resourceKind: 'image',
  hasThumbnail: false,
  name: '첫 작품',
  description: '',
  category: 'art',
  collectionIdx: 3,
  quantity: '1',
  unlockableOn: false,
  unlockable: '',
};
const ko = i18n.getFixedT('ko', 'item');
const en = i18n.getFixedT('en', 'item');
const texts = (key: string) => [ko(`errors.${key}` as 'errors.nameRequired'), en(`errors.${key}` as 'errors.nameRequired')];

describe('item form rules (spec 2, section 5)', () => {
  it('accepts a valid image item without a thumbnail, and a video with one', () => {
    expect(validateItem(ok)).toEqual({});
    expect(validateItem({ ...ok, resourceKind: 'video', hasThumbnail: true, quantity: '1000' })).toEqual({});
    expect(validateItem({ ...ok, name: 'n'.repeat(45), description: 'd'.repeat(1000) })).toEqual({});
  });

  it('requires a resource', () => {
    const e = validateItem({ ...ok, resourceKind: null });
    expect(e).toEqual({ resource: 'resourceRequired' });
    expect(texts(e.resource!)).toEqual(['아이템 리소스를 추가해 주세요', 'Please add an item resource']);
  });

  it('requires a thumbnail for video and audio, not for an image', () => {
    for (const kind of ['video', 'audio'] as const) {
      const e = validateItem({ ...ok, resourceKind: kind });
      expect(e).toEqual({ thumbnail: 'thumbnailRequired' });
      expect(texts(e.thumbnail!)).toEqual(['썸네일 이미지를 추가해 주세요', 'Please add a thumbnail image']);
    }
  });

  it('requires a name of at most 45 characters', () => {
    expect(texts(validateItem({ ...ok, name: ' ' }).name!)).toEqual(['아이템 이름을 입력해 주세요.', 'Please enter an item name.']);
    expect(texts(validateItem({ ...ok, name: '가'.repeat(46) }).name!)).toEqual([
      '아이템 이름은 최대 45자까지 입력할 수 있습니다.',
      'The item name can be at most 45 characters.',
    ]);
  });

  it('limits the description to 1000 characters and 5 lines', () => {
    expect(validateItem({ ...ok, description: 'a\nb\nc\nd\ne' })).toEqual({});
    const lines = validateItem({ ...ok, description: 'a\nb\nc\nd\ne\nf' });
    expect(lines).toEqual({ description: 'descriptionTooManyLines' });
    expect(texts(lines.description!)).toEqual(['아이템 소개는 5줄까지만 입력이 가능합니다.', 'The description can be at most 5 lines.']);
    expect(texts(validateItem({ ...ok, description: 'a'.repeat(1001) }).description!)).toEqual([
      '아이템 소개는 최대 1000자까지 입력할 수 있습니다.',
      'The description can be at most 1000 characters.',
    ]);
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\r\nb\rc')).toBe(3);
  });

  it('requires a category and a collection', () => {
    for (const category of ['', '-1']) {
      const e = validateItem({ ...ok, category });
      expect(texts(e.category!)).toEqual(['카테고리를 선택해 주세요', 'Please choose a category']);
    }
    const e = validateItem({ ...ok, collectionIdx: null });
    expect(texts(e.collection!)).toEqual(['컬렉션을 선택해 주세요', 'Please choose a collection']);
  });

  it('requires a quantity of at least 1, digits only', () => {
    for (const quantity of ['', '0', '00', '-1', '1.5']) {
      const e = validateItem({ ...ok, quantity });
      expect(e, quantity).toEqual({ quantity: 'quantityMin' });
      expect(texts(e.quantity!)).toEqual(['발행할 수량을 1개이상 입력해 주세요', 'Please enter a quantity of 1 or more']);
    }
    expect(itemTypeFor(1)).toBe(2);
    expect(itemTypeFor(2)).toBe(1);
  });

  it('asks for unlockable content only when its toggle is on', () => {
    expect(validateItem({ ...ok, unlockable: '' })).toEqual({});
    expect(validateItem({ ...ok, unlockableOn: true, unlockable: ' ' })).toEqual({ unlockable: 'unlockableRequired' });
    expect(validateItem({ ...ok, unlockableOn: true, unlockable: 'x'.repeat(1001) })).toEqual({ unlockable: 'unlockableTooLong' });
    expect(validateItem({ ...ok, unlockableOn: true, unlockable: 'code-123' })).toEqual({});
  });

  it('has the busy and success messages of the spec', () => {
    expect(ko('busy.creating')).toBe('아이템 생성 중입니다. 잠시만 기다려 주세요.');
    expect(en('busy.creating')).toBe('Creating the item. Please wait a moment.');
    expect(ko('success.created')).toBe('아이템 등록 성공');
    expect(ko('success.hidden')).toBe('숨김 처리가 완료되었습니다.');
    expect(ko('success.unhidden')).toBe('숨김 해제 처리가 완료되었습니다.');
    expect(en('success.hidden')).toBe('The item is now hidden.');
    expect(en('success.unhidden')).toBe('The item is no longer hidden.');
    expect(texts('fileFormat')).toEqual(['지원하지 않는 파일 형식입니다.', 'This file type is not supported.']);
  });
});
