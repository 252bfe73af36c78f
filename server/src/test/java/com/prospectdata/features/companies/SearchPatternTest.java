package com.prospectdata.features.companies;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchPatternTest {

    @Test
    void blankMeansNoFilter() {
        assertThat(SearchPattern.contains(null)).isEmpty();
        assertThat(SearchPattern.contains("")).isEmpty();
        assertThat(SearchPattern.contains("   \t")).isEmpty();
    }

    @Test
    void theTermIsTrimmedAndWrappedForASubstringMatch() {
        assertThat(SearchPattern.contains("  Berlin ")).contains("%Berlin%");
    }

    @Test
    void wildcardsAndTheEscapeCharacterStandForThemselves() {
        assertThat(SearchPattern.contains("100%")).contains("%100\\%%");
        assertThat(SearchPattern.contains("a_b")).contains("%a\\_b%");
        assertThat(SearchPattern.contains("C:\\dir")).contains("%C:\\\\dir%");
        assertThat(SearchPattern.contains("%_\\")).contains("%\\%\\_\\\\%");
    }

    @Test
    void otherCharactersAreLeftAlone() {
        assertThat(SearchPattern.contains("Müller & Söhne [GmbH] *.?")).contains("%Müller & Söhne [GmbH] *.?%");
    }
}
