export { PRIMITIVE_SECTIONS } from './gallery-frame.tsx';
import {
  AvatarBlock,
  ProgressBlock,
  ButtonsBlock,
  IconsBlock,
  HeadingsBlock,
} from './gallery-basics.tsx';
import { GenericCardBlock, CtaCardBlock } from './gallery-cards.tsx';
import { DialogsBlock, ToastsBlock, InitErrorBlock } from './gallery-overlays.tsx';
import { PageSectionsBlock, BackgroundImageBlock } from './gallery-layout.tsx';

/** Every primitive of app/components/ui in each of its states. */
export function PrimitivesGallery() {
  return (
    <>
      <AvatarBlock />
      <ProgressBlock />
      <ButtonsBlock />
      <IconsBlock />
      <HeadingsBlock />
      <GenericCardBlock />
      <CtaCardBlock />
      <DialogsBlock />
      <ToastsBlock />
      <InitErrorBlock />
      <PageSectionsBlock />
      <BackgroundImageBlock />
    </>
  );
}
