import { describe, expect, it } from 'vitest';
import {
  CASE_CLASSIFICATION_BLOCKS,
  isSkeletonLayoutName,
  SKELETON_LAYOUT_NAMES,
  SKELETON_LIST_ITEMS,
  SKELETON_SMALL_LIST_ITEMS,
  SKELETON_TABLE_SIZE,
  skeletonBones,
  skeletonLayout,
  type SkeletonGroup,
  type SkeletonNode,
} from './skeleton-layouts.ts';

function groups(node: SkeletonNode): SkeletonGroup[] {
  return node.type === 'group' ? [node, ...node.children.flatMap(groups)] : [];
}

describe('skeleton layouts (spec 2.7, 9)', () => {
  it('names the fourteen layouts of spec 2.7 word for word, in order', () => {
    expect(SKELETON_LAYOUT_NAMES).toEqual([
      'articleIntro',
      'contentList',
      'article',
      'contentCard',
      'smallContentList',
      'responsiveHeader',
      'headerShort',
      'contactSupportFLowPage',
      'plain',
      'flowPageDefault',
      'centeredIntro',
      'generatedAnswer',
      'table',
      'xcCaseClassification',
    ]);
  });

  it('recognises layout names exactly, case included', () => {
    for (const name of SKELETON_LAYOUT_NAMES) expect(isSkeletonLayoutName(name)).toBe(true);
    expect(isSkeletonLayoutName('contactSupportFlowPage')).toBe(false);
    expect(isSkeletonLayoutName('Table')).toBe(false);
    expect(isSkeletonLayoutName('')).toBe(false);
  });

  it('gives every layout at least one shape, and widths between 1 and 100 per cent', () => {
    for (const name of SKELETON_LAYOUT_NAMES) {
      const bones = skeletonBones(skeletonLayout(name));
      expect(bones.length, name).toBeGreaterThan(0);
      for (const bone of bones) {
        if (bone.type === 'circle') continue;
        expect(bone.width, name).toBeGreaterThanOrEqual(1);
        expect(bone.width, name).toBeLessThanOrEqual(100);
      }
      for (const group of groups(skeletonLayout(name))) {
        expect(group.children.length, name).toBeGreaterThan(0);
      }
    }
  });

  it('draws the table as a 5x5 grid whose first row is the header (spec 9)', () => {
    expect(SKELETON_TABLE_SIZE).toEqual({ rows: 5, columns: 5 });
    const table = skeletonLayout('table');
    expect(table.direction).toBe('grid');
    expect(table.columns).toBe(5);
    expect(table.children).toHaveLength(25);
    const sizes = table.children.map((cell) => (cell.type === 'line' ? cell.size : cell.type));
    expect(sizes.slice(0, 5)).toEqual(Array(5).fill('heading'));
    expect(sizes.slice(5)).toEqual(Array(20).fill('text'));
  });

  it('draws the case classification as five blocks (spec 2.7)', () => {
    expect(CASE_CLASSIFICATION_BLOCKS).toBe(5);
    const layout = skeletonLayout('xcCaseClassification');
    expect(layout.children).toHaveLength(5);
    expect(layout.children.every((child) => child.type === 'box')).toBe(true);
  });

  it('draws the generated answer as a framed card: label, paragraph and citation chips', () => {
    const layout = skeletonLayout('generatedAnswer');
    expect(layout.framed).toBe(true);
    const [label, text, citations] = layout.children;
    expect(skeletonBones(label!).map((bone) => bone.type)).toEqual(['circle', 'line']);
    expect(skeletonBones(text!).every((bone) => bone.type === 'line')).toBe(true);
    expect(skeletonBones(text!).length).toBeGreaterThanOrEqual(3);
    expect(citations).toMatchObject({ type: 'group', direction: 'row' });
    expect(skeletonBones(citations!).map((bone) => bone.type)).toEqual(['box', 'box', 'box']);
  });

  it('lists as many items as the list layouts promise', () => {
    expect(skeletonLayout('contentList').children).toHaveLength(SKELETON_LIST_ITEMS);
    expect(skeletonLayout('smallContentList').children).toHaveLength(SKELETON_SMALL_LIST_ITEMS);
    for (const item of skeletonLayout('smallContentList').children) {
      expect(skeletonBones(item)[0]).toEqual({ type: 'circle', size: 'small' });
    }
  });

  it('stacks the responsive header on small screens and centres the centred intro', () => {
    expect(skeletonLayout('responsiveHeader').direction).toBe('responsiveRow');
    expect(skeletonLayout('centeredIntro').align).toBe('center');
    expect(skeletonLayout('contentCard').framed).toBe(true);
  });

  it('opens the page layouts with a title line', () => {
    for (const name of ['article', 'headerShort', 'flowPageDefault'] as const) {
      expect(skeletonBones(skeletonLayout(name))[0], name).toMatchObject({
        type: 'line',
        size: 'title',
      });
    }
    expect(
      skeletonBones(skeletonLayout('plain')).every(
        (bone) => bone.type === 'line' && bone.size === 'text',
      ),
    ).toBe(true);
  });

  it('lists shapes depth first in drawing order', () => {
    const tree: SkeletonNode = {
      type: 'group',
      direction: 'column',
      children: [
        { type: 'line', size: 'title', width: 10 },
        {
          type: 'group',
          direction: 'row',
          children: [
            { type: 'circle', size: 'small' },
            { type: 'box', height: 'chip', width: 20 },
          ],
        },
        { type: 'line', size: 'text', width: 30 },
      ],
    };
    expect(skeletonBones(tree).map((bone) => bone.type)).toEqual(['line', 'circle', 'box', 'line']);
  });
});
