;; Float32 cosine kernels for the wasm backend (WebAssembly SIMD, 128-bit; no relaxed-simd, which
;; Node 20 does not enable). Rows are unit-normalised by the host, so a cosine is a dot product.
;;
;; Layout (all byte addresses into the shared memory the host and every worker thread see):
;;   a rows, b rows: row-major float32, `dp` floats per row (dim padded with zeros to a multiple of 4)
;;   dots(): na a multiple of 2 and nb a multiple of 4 (the host pads with zero rows)
;; Build: `npm run build:wasm -w @tensoreval/backend-wasm` (wabt's wat2wasm); a test checks that the
;; committed bytes (cosine-wasm.ts) are what this file compiles to.
(module
  (import "env" "mem" (memory 1 65536 shared))

  ;; [sum(x0), sum(x1), sum(x2), sum(x3)]: a 4×4 transpose-and-add of four accumulators.
  (func $hsum4 (param $x0 v128) (param $x1 v128) (param $x2 v128) (param $x3 v128) (result v128)
    (local $s0 v128) (local $s1 v128)
    ;; s0 = [x0.0+x0.2, x1.0+x1.2, x0.1+x0.3, x1.1+x1.3], s1 likewise for x2, x3
    (local.set $s0 (f32x4.add
      (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $x0) (local.get $x1))
      (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $x0) (local.get $x1))))
    (local.set $s1 (f32x4.add
      (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $x2) (local.get $x3))
      (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $x2) (local.get $x3))))
    (f32x4.add
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $s0) (local.get $s1))
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $s0) (local.get $s1))))

  ;; out[i * ldo + j] = dot(a_i, b_j) for i < na, j < nb. Register block: 2 rows of a × 4 rows of b,
  ;; 8 float32x4 accumulators, so each loaded vector feeds 2 or 4 multiply-adds. The 4 rows of b stay
  ;; in L1 while every row pair of a passes over them; callers keep a's block L2-sized.
  (func (export "dots") (param $a i32) (param $na i32) (param $b i32) (param $nb i32) (param $dp i32)
                        (param $out i32) (param $ldo i32)
    (local $rs i32) (local $i i32) (local $j i32) (local $k i32) (local $po i32)
    (local $pa0 i32) (local $pa1 i32) (local $pb0 i32) (local $pb1 i32) (local $pb2 i32) (local $pb3 i32)
    (local $va0 v128) (local $va1 v128) (local $vb v128)
    (local $x00 v128) (local $x01 v128) (local $x02 v128) (local $x03 v128)
    (local $x10 v128) (local $x11 v128) (local $x12 v128) (local $x13 v128)
    (local.set $rs (i32.shl (local.get $dp) (i32.const 2)))
    (block $jdone (loop $jloop
      (br_if $jdone (i32.ge_u (local.get $j) (local.get $nb)))
      (local.set $pb0 (i32.add (local.get $b) (i32.mul (local.get $j) (local.get $rs))))
      (local.set $pb1 (i32.add (local.get $pb0) (local.get $rs)))
      (local.set $pb2 (i32.add (local.get $pb1) (local.get $rs)))
      (local.set $pb3 (i32.add (local.get $pb2) (local.get $rs)))
      (local.set $i (i32.const 0))
      (block $idone (loop $iloop
        (br_if $idone (i32.ge_u (local.get $i) (local.get $na)))
        (local.set $pa0 (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $rs))))
        (local.set $pa1 (i32.add (local.get $pa0) (local.get $rs)))
        (local.set $x00 (v128.const i32x4 0 0 0 0)) (local.set $x01 (v128.const i32x4 0 0 0 0))
        (local.set $x02 (v128.const i32x4 0 0 0 0)) (local.set $x03 (v128.const i32x4 0 0 0 0))
        (local.set $x10 (v128.const i32x4 0 0 0 0)) (local.set $x11 (v128.const i32x4 0 0 0 0))
        (local.set $x12 (v128.const i32x4 0 0 0 0)) (local.set $x13 (v128.const i32x4 0 0 0 0))
        (local.set $k (i32.const 0))
        (block $kdone (loop $kloop
          (br_if $kdone (i32.ge_u (local.get $k) (local.get $rs)))
          (local.set $va0 (v128.load (i32.add (local.get $pa0) (local.get $k))))
          (local.set $va1 (v128.load (i32.add (local.get $pa1) (local.get $k))))
          (local.set $vb (v128.load (i32.add (local.get $pb0) (local.get $k))))
          (local.set $x00 (f32x4.add (local.get $x00) (f32x4.mul (local.get $va0) (local.get $vb))))
          (local.set $x10 (f32x4.add (local.get $x10) (f32x4.mul (local.get $va1) (local.get $vb))))
          (local.set $vb (v128.load (i32.add (local.get $pb1) (local.get $k))))
          (local.set $x01 (f32x4.add (local.get $x01) (f32x4.mul (local.get $va0) (local.get $vb))))
          (local.set $x11 (f32x4.add (local.get $x11) (f32x4.mul (local.get $va1) (local.get $vb))))
          (local.set $vb (v128.load (i32.add (local.get $pb2) (local.get $k))))
          (local.set $x02 (f32x4.add (local.get $x02) (f32x4.mul (local.get $va0) (local.get $vb))))
          (local.set $x12 (f32x4.add (local.get $x12) (f32x4.mul (local.get $va1) (local.get $vb))))
          (local.set $vb (v128.load (i32.add (local.get $pb3) (local.get $k))))
          (local.set $x03 (f32x4.add (local.get $x03) (f32x4.mul (local.get $va0) (local.get $vb))))
          (local.set $x13 (f32x4.add (local.get $x13) (f32x4.mul (local.get $va1) (local.get $vb))))
          (local.set $k (i32.add (local.get $k) (i32.const 16)))
          (br $kloop)))
        (local.set $po (i32.add (local.get $out)
          (i32.shl (i32.add (i32.mul (local.get $i) (local.get $ldo)) (local.get $j)) (i32.const 2))))
        (v128.store (local.get $po)
          (call $hsum4 (local.get $x00) (local.get $x01) (local.get $x02) (local.get $x03)))
        (v128.store (i32.add (local.get $po) (i32.shl (local.get $ldo) (i32.const 2)))
          (call $hsum4 (local.get $x10) (local.get $x11) (local.get $x12) (local.get $x13)))
        (local.set $i (i32.add (local.get $i) (i32.const 2)))
        (br $iloop)))
      (local.set $j (i32.add (local.get $j) (i32.const 4)))
      (br $jloop))))

  ;; (ka, ia) ranks below (kb, ib): a smaller score, or the same score at a higher corpus index.
  (func $worse (param $ka f32) (param $ia i32) (param $kb f32) (param $ib i32) (result i32)
    (i32.or (f32.lt (local.get $ka) (local.get $kb))
            (i32.and (f32.eq (local.get $ka) (local.get $kb)) (i32.gt_s (local.get $ia) (local.get $ib)))))

  ;; Restores a heap of `size` entries (worst on top; float32 keys at $keys, indices at $idx) below
  ;; position 0 after its root was replaced.
  (func $siftRoot (param $keys i32) (param $idx i32) (param $size i32)
    (local $p i32) (local $child i32) (local $key f32) (local $id i32)
    (local $ck f32) (local $ci i32) (local $k2 f32) (local $i2 i32)
    (local.set $key (f32.load (local.get $keys)))
    (local.set $id (i32.load (local.get $idx)))
    (block $done (loop $down
      (local.set $child (i32.add (i32.shl (local.get $p) (i32.const 1)) (i32.const 1)))
      (br_if $done (i32.ge_s (local.get $child) (local.get $size)))
      (local.set $ck (f32.load (i32.add (local.get $keys) (i32.shl (local.get $child) (i32.const 2)))))
      (local.set $ci (i32.load (i32.add (local.get $idx) (i32.shl (local.get $child) (i32.const 2)))))
      (if (i32.lt_s (i32.add (local.get $child) (i32.const 1)) (local.get $size))
        (then
          (local.set $k2 (f32.load offset=4 (i32.add (local.get $keys) (i32.shl (local.get $child) (i32.const 2)))))
          (local.set $i2 (i32.load offset=4 (i32.add (local.get $idx) (i32.shl (local.get $child) (i32.const 2)))))
          (if (call $worse (local.get $k2) (local.get $i2) (local.get $ck) (local.get $ci))
            (then
              (local.set $child (i32.add (local.get $child) (i32.const 1)))
              (local.set $ck (local.get $k2))
              (local.set $ci (local.get $i2))))))
      (br_if $done (i32.eqz (call $worse (local.get $ck) (local.get $ci) (local.get $key) (local.get $id))))
      (f32.store (i32.add (local.get $keys) (i32.shl (local.get $p) (i32.const 2))) (local.get $ck))
      (i32.store (i32.add (local.get $idx) (i32.shl (local.get $p) (i32.const 2))) (local.get $ci))
      (local.set $p (local.get $child))
      (br $down)))
    (f32.store (i32.add (local.get $keys) (i32.shl (local.get $p) (i32.const 2))) (local.get $key))
    (i32.store (i32.add (local.get $idx) (i32.shl (local.get $p) (i32.const 2))) (local.get $id)))

  ;; Offers score s at corpus index c to a heap whose root (worst kept entry) is replaced when s is
  ;; larger; corpus columns arrive in increasing order, so an equal score never displaces the root.
  (func $offer (param $keys i32) (param $idx i32) (param $k i32) (param $s f32) (param $c i32)
    (if (f32.gt (local.get $s) (f32.load (local.get $keys)))
      (then
        (f32.store (local.get $keys) (local.get $s))
        (i32.store (local.get $idx) (local.get $c))
        (call $siftRoot (local.get $keys) (local.get $idx) (local.get $k)))))

  ;; Merges a rows × cols tile of scores (row stride ldt floats; column c is corpus index col0 + c)
  ;; into per-row heaps of k entries (row r's heap at keys + 4kr, idx + 4kr). Four scores at a time
  ;; are compared with the row's worst kept score, so most of a tile is skipped with one test.
  (func (export "select") (param $tile i32) (param $rows i32) (param $ldt i32) (param $cols i32) (param $col0 i32)
                          (param $keys i32) (param $idx i32) (param $k i32)
    (local $r i32) (local $row i32) (local $hk i32) (local $hi i32) (local $c i32) (local $c4 i32) (local $end i32)
    (local.set $c4 (i32.and (local.get $cols) (i32.const -4)))
    (block $rdone (loop $rloop
      (br_if $rdone (i32.ge_u (local.get $r) (local.get $rows)))
      (local.set $row (i32.add (local.get $tile) (i32.shl (i32.mul (local.get $r) (local.get $ldt)) (i32.const 2))))
      (local.set $hk (i32.add (local.get $keys) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $hi (i32.add (local.get $idx) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $c (i32.const 0))
      (block $vdone (loop $vloop
        (br_if $vdone (i32.ge_u (local.get $c) (local.get $c4)))
        (if (v128.any_true (f32x4.gt
              (v128.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
              (f32x4.splat (f32.load (local.get $hk)))))
          (then
            (local.set $end (i32.add (local.get $c) (i32.const 4)))
            (loop $each
              (call $offer (local.get $hk) (local.get $hi) (local.get $k)
                (f32.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
                (i32.add (local.get $col0) (local.get $c)))
              (local.set $c (i32.add (local.get $c) (i32.const 1)))
              (br_if $each (i32.lt_u (local.get $c) (local.get $end)))))
          (else (local.set $c (i32.add (local.get $c) (i32.const 4)))))
        (br $vloop)))
      (block $sdone (loop $sloop
        (br_if $sdone (i32.ge_u (local.get $c) (local.get $cols)))
        (call $offer (local.get $hk) (local.get $hi) (local.get $k)
          (f32.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
          (i32.add (local.get $col0) (local.get $c)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $sloop)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $rloop))))

  ;; Empties each row's heap best first into outIdx/outVal (rows × k, row-major).
  (func (export "finish") (param $keys i32) (param $idx i32) (param $rows i32) (param $k i32)
                          (param $outIdx i32) (param $outVal i32)
    (local $r i32) (local $hk i32) (local $hi i32) (local $size i32) (local $o i32) (local $last i32)
    (block $rdone (loop $rloop
      (br_if $rdone (i32.ge_u (local.get $r) (local.get $rows)))
      (local.set $hk (i32.add (local.get $keys) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $hi (i32.add (local.get $idx) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $size (local.get $k))
      (block $pdone (loop $pop
        (br_if $pdone (i32.eqz (local.get $size)))
        ;; the worst remaining entry goes to the back of the row's output
        (local.set $o (i32.shl (i32.sub (i32.add (i32.mul (local.get $r) (local.get $k)) (local.get $size)) (i32.const 1)) (i32.const 2)))
        (i32.store (i32.add (local.get $outIdx) (local.get $o)) (i32.load (local.get $hi)))
        (f32.store (i32.add (local.get $outVal) (local.get $o)) (f32.load (local.get $hk)))
        (local.set $size (i32.sub (local.get $size) (i32.const 1)))
        (local.set $last (i32.shl (local.get $size) (i32.const 2)))
        (f32.store (local.get $hk) (f32.load (i32.add (local.get $hk) (local.get $last))))
        (i32.store (local.get $hi) (i32.load (i32.add (local.get $hi) (local.get $last))))
        (call $siftRoot (local.get $hk) (local.get $hi) (local.get $size))
        (br $pop)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $rloop))))
)
