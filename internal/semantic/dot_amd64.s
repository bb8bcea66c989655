//go:build amd64 && !purego

#include "textflag.h"

// func dotsAVX2(q *byte, rows *byte, n int, out *int32)
//
// The query's 96 int8 values, widened to int16, stay in Y0-Y5. For each
// row: widen its values 16 at a time (VPMOVSXBW), multiply them by the
// query's and add neighbouring products into int32 (VPMADDWD), add the six
// partial vectors, then the eight lanes, and store the sum. Products of
// int8 values fit int16 pairs' sums and 96 of them fit int32.
TEXT ·dotsAVX2(SB), NOSPLIT, $0-32
	MOVQ q+0(FP), SI
	MOVQ rows+8(FP), DI
	MOVQ n+16(FP), CX
	MOVQ out+24(FP), DX
	VPMOVSXBW 0(SI), Y0
	VPMOVSXBW 16(SI), Y1
	VPMOVSXBW 32(SI), Y2
	VPMOVSXBW 48(SI), Y3
	VPMOVSXBW 64(SI), Y4
	VPMOVSXBW 80(SI), Y5
	TESTQ CX, CX
	JEQ done

loop:
	VPMOVSXBW 0(DI), Y6
	VPMADDWD Y0, Y6, Y6
	VPMOVSXBW 16(DI), Y7
	VPMADDWD Y1, Y7, Y7
	VPADDD Y7, Y6, Y6
	VPMOVSXBW 32(DI), Y8
	VPMADDWD Y2, Y8, Y8
	VPADDD Y8, Y6, Y6
	VPMOVSXBW 48(DI), Y9
	VPMADDWD Y3, Y9, Y9
	VPADDD Y9, Y6, Y6
	VPMOVSXBW 64(DI), Y10
	VPMADDWD Y4, Y10, Y10
	VPADDD Y10, Y6, Y6
	VPMOVSXBW 80(DI), Y11
	VPMADDWD Y5, Y11, Y11
	VPADDD Y11, Y6, Y6
	VEXTRACTI128 $1, Y6, X7
	VPADDD X7, X6, X6
	VPSHUFD $0x4E, X6, X7
	VPADDD X7, X6, X6
	VPSHUFD $0xB1, X6, X7
	VPADDD X7, X6, X6
	VMOVD X6, AX
	MOVL AX, (DX)
	ADDQ $96, DI
	ADDQ $4, DX
	DECQ CX
	JNZ loop

done:
	VZEROUPPER
	RET
