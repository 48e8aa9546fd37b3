// Slider attacks by Kogge-Stone occluded fills (bitboards.wgsl's att_*):
// four fills of three shift steps for one piece. The fills also take many
// pieces at once, so the breadth-first leaf counts all sliders of a
// direction with one fill (SETWISE_SLIDERS).
const SETWISE_SLIDERS: bool = true;

// Squares a bishop-like piece on the one-square board f attacks through occ.
fn slide_diag(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    return bishop_att(f, ~occ);
}

// Squares a rook-like piece on the one-square board f attacks through occ.
fn slide_orth(f: vec2<u32>, occ: vec2<u32>) -> vec2<u32> {
    return rook_att(f, ~occ);
}
