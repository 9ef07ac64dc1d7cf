import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { itemFormErrors, type ItemFormValues } from './item-validation';

const ok: ItemFormValues = {
  resourceKind: 'image',
  hasThumbnail: false,
  name: '첫 작품',
  description: '',
  category: 1,
  collectionIdx: 3,
  quantity: '1',
  unlockableOn: false,
  unlockable: '',
};
const ko = i18n.getFixedT('ko', 'item');
const en = i18n.getFixedT('en', 'item');
/** The failure's field and its Korean and English message. */
function failure(values: ItemFormValues) {
  const failures = Object.entries(itemFormErrors(values));
  expect(failures.length).toBeLessThanOrEqual(1);
  const [field, code] = failures[0] ?? [];
  return field && code ? { field, ko: ko(`errors.${code}`), en: en(`errors.${code}`) } : null;
}

describe('item form rules (spec 2, section 5)', () => {
  it('accepts a valid image item without a thumbnail, and a video with one', () => {
    expect(itemFormErrors(ok)).toEqual({});
    expect(itemFormErrors({ ...ok, resourceKind: 'video', hasThumbnail: true, quantity: '1000' })).toEqual({});
    expect(itemFormErrors({ ...ok, name: 'n'.repeat(45), description: 'd'.repeat(1000) })).toEqual({});
  });

  it('requires a resource', () => {
    expect(failure({ ...ok, resourceKind: null })).toEqual({
      field: 'resource',
      ko: '아이템 리소스를 추가해 주세요',
      en: 'Please add an item resource',
    });
  });

  it('requires a thumbnail for video and audio, not for an image', () => {
    for (const kind of ['video', 'audio'] as const) {
      expect(failure({ ...ok, resourceKind: kind })).toEqual({
        field: 'thumbnail',
        ko: '썸네일 이미지를 추가해 주세요',
        en: 'Please add a thumbnail image',
      });
    }
  });

  it('requires a name of at most 45 characters', () => {
    expect(failure({ ...ok, name: ' ' })).toEqual({
      field: 'name',
      ko: '아이템 이름을 입력해 주세요.',
      en: 'Please enter an item name.',
    });
    expect(failure({ ...ok, name: '가'.repeat(46) })).toEqual({
      field: 'name',
      ko: '아이템 이름은 최대 45자까지 입력할 수 있습니다.',
      en: 'The item name can be at most 45 characters.',
    });
  });

  it('limits the description to 1000 characters and 5 lines', () => {
    expect(itemFormErrors({ ...ok, description: 'a\nb\nc\nd\ne' })).toEqual({});
    expect(failure({ ...ok, description: 'a\nb\nc\nd\ne\nf' })).toEqual({
      field: 'description',
      ko: '아이템 소개는 5줄까지만 입력이 가능합니다.',
      en: 'The description can be at most 5 lines.',
    });
    expect(failure({ ...ok, description: 'a'.repeat(1001) })).toEqual({
      field: 'description',
      ko: '아이템 소개는 최대 1000자까지 입력할 수 있습니다.',
      en: 'The description can be at most 1000 characters.',
    });
  });

  it('requires a category and a collection', () => {
    expect(failure({ ...ok, category: -1 })).toEqual({
      field: 'category',
      ko: '카테고리를 선택해 주세요',
      en: 'Please choose a category',
    });
    expect(failure({ ...ok, collectionIdx: -1 })).toEqual({
      field: 'collection',
      ko: '컬렉션을 선택해 주세요',
      en: 'Please choose a collection',
    });
  });

  it('requires a quantity of at least 1', () => {
    for (const quantity of ['', '0', '00']) {
      expect(failure({ ...ok, quantity }), quantity).toEqual({
        field: 'quantity',
        ko: '발행할 수량을 1개이상 입력해 주세요',
        en: 'Please enter a quantity of 1 or more',
      });
    }
  });

  it('asks for unlockable content only when its toggle is on', () => {
    expect(itemFormErrors({ ...ok, unlockable: '' })).toEqual({});
    expect(failure({ ...ok, unlockableOn: true, unlockable: ' ' })).toEqual({
      field: 'unlockable',
      ko: '잠금 해제 콘텐츠를 입력해 주세요.',
      en: 'Please enter the unlockable content.',
    });
    expect(itemFormErrors({ ...ok, unlockableOn: true, unlockable: 'x'.repeat(1001) }).unlockable).toBe(
      'unlockedContentTooLong',
    );
    expect(itemFormErrors({ ...ok, unlockableOn: true, unlockable: 'code-123' })).toEqual({});
  });

  it('has the busy, file and success messages of the spec', () => {
    expect(ko('busy.creating')).toBe('아이템 생성 중입니다. 잠시만 기다려 주세요.');
    expect(en('busy.creating')).toBe('Creating the item. Please wait a moment.');
    expect(ko('success.created')).toBe('아이템 등록 성공');
    expect(ko('success.hidden')).toBe('숨김 처리가 완료되었습니다.');
    expect(ko('success.unhidden')).toBe('숨김 해제 처리가 완료되었습니다.');
    expect(en('success.hidden')).toBe('The item is now hidden.');
    expect(en('success.unhidden')).toBe('The item is no longer hidden.');
    expect([ko('errors.fileFormat'), en('errors.fileFormat')]).toEqual([
      '지원하지 않는 파일 형식입니다.',
      'This file type is not supported.',
    ]);
  });

  it('names every failing field at once, not one at a time', () => {
    const empty: ItemFormValues = {
      resourceKind: null,
      hasThumbnail: false,
      name: '',
      description: '1\n2\n3\n4\n5\n6',
      category: -1,
      collectionIdx: -1,
      quantity: '',
      unlockableOn: true,
      unlockable: ' ',
    };
    expect(itemFormErrors(empty)).toEqual({
      resource: 'resourceRequired',
      name: 'nameRequired',
      description: 'descTooManyLines',
      category: 'categoryRequired',
      collection: 'collectionRequired',
      quantity: 'quantityMin',
      unlockable: 'unlockedContentRequired',
    });
    expect(itemFormErrors({ ...ok, resourceKind: 'audio', name: '' })).toEqual({
      thumbnail: 'thumbnailRequired',
      name: 'nameRequired',
    });
  });
});
